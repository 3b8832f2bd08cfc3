export { Layout } from 'antd';
