export { Statistic } from 'antd';
