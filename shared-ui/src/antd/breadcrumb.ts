export { Breadcrumb } from 'antd';
