export { Col } from 'antd';
