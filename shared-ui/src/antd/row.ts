export { Row } from 'antd';
