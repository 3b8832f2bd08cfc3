export { Avatar } from 'antd';
