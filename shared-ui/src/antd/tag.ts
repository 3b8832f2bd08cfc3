export { Tag } from 'antd';
