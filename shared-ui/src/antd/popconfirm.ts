export { Popconfirm } from 'antd';
