export { Segmented } from 'antd';
