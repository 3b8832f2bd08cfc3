export { InputNumber } from 'antd';
