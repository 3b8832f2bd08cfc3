export { Descriptions } from 'antd';
