// Each antd component is its own module federation share (see tools/mf-config): a route
// loads only the components it renders, all from one provider, so antd internals exist once.
export { Alert } from './antd/alert';
export { Avatar } from './antd/avatar';
export { Badge } from './antd/badge';
export { Breadcrumb } from './antd/breadcrumb';
export { Button } from './antd/button';
export { Card } from './antd/card';
export { Checkbox } from './antd/checkbox';
export { Col } from './antd/col';
export { ConfigProvider } from './antd/config-provider';
export { Descriptions } from './antd/descriptions';
export { Divider } from './antd/divider';
export { Dropdown } from './antd/dropdown';
export { Empty } from './antd/empty';
export { Flex } from './antd/flex';
export { Input } from './antd/input';
export { InputNumber } from './antd/input-number';
export { Layout } from './antd/layout';
export { List } from './antd/list';
export { Menu } from './antd/menu';
export { Modal } from './antd/modal';
export { Popconfirm } from './antd/popconfirm';
export { Progress } from './antd/progress';
export { Radio } from './antd/radio';
export { Result } from './antd/result';
export { Row } from './antd/row';
export { Segmented } from './antd/segmented';
export { Select } from './antd/select';
export { Skeleton } from './antd/skeleton';
export { Space } from './antd/space';
export { Spin } from './antd/spin';
export { Statistic } from './antd/statistic';
export { Switch } from './antd/switch';
export { Table } from './antd/table';
export { Tabs } from './antd/tabs';
export { Tag } from './antd/tag';
export { Timeline } from './antd/timeline';
export { Tooltip } from './antd/tooltip';
export { Typography } from './antd/typography';
export {
  ArrowLeftOutlined,
  AudioMutedOutlined,
  AudioOutlined,
  CopyOutlined,
  DeleteOutlined,
  EditOutlined,
  GoogleOutlined,
  LeftOutlined,
  LogoutOutlined,
  MenuOutlined,
  MoreOutlined,
  NumberOutlined,
  PauseCircleOutlined,
  PhoneOutlined,
  PlayCircleOutlined,
  PlusOutlined,
  ReloadOutlined,
  RightOutlined,
  SearchOutlined,
  SendOutlined,
  SettingOutlined,
  SoundOutlined,
  TeamOutlined,
  UnorderedListOutlined,
  UploadOutlined,
  WarningOutlined,
} from './antd/icons';
export type { ButtonProps, CardProps, TableColumnType, TableColumnsType, TableProps, ThemeConfig } from 'antd';
export type { MenuProps } from 'antd';
