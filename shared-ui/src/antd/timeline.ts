export { Timeline } from 'antd';
