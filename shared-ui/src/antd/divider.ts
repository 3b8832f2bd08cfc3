export { Divider } from 'antd';
