export { Switch } from 'antd';
