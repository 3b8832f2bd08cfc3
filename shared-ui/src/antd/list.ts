export { List } from 'antd';
