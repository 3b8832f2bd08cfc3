export { Tabs } from 'antd';
