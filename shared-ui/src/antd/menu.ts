export { Menu } from 'antd';
