export { Select } from 'antd';
