// The antd components and icons the apps use, re-exported one by one: a shared module is
// not tree-shaken, so sharing antd whole would ship every component on every route.
export { Alert } from 'antd';
export { Breadcrumb } from 'antd';
export { Button } from 'antd';
export { Card } from 'antd';
export { Col } from 'antd';
export { Empty } from 'antd';
export { Flex } from 'antd';
export { Input } from 'antd';
export { Row } from 'antd';
export { Segmented } from 'antd';
export { Select } from 'antd';
export { Skeleton } from 'antd';
export { Spin } from 'antd';
export { Statistic } from 'antd';
export { Table } from 'antd';
export { Tag } from 'antd';
export { Typography } from 'antd';
export type { CardProps, TableColumnsType, TableProps } from 'antd';
export { ArrowLeftOutlined } from '@ant-design/icons';
export { EditOutlined } from '@ant-design/icons';
export { LeftOutlined } from '@ant-design/icons';
export { ReloadOutlined } from '@ant-design/icons';
export { RightOutlined } from '@ant-design/icons';
export { SearchOutlined } from '@ant-design/icons';
// Used by the host shell (layout, auth screens, fallbacks).
export { ConfigProvider } from 'antd';
export { Layout } from 'antd';
export { Menu } from 'antd';
export { Radio } from 'antd';
export type { MenuProps } from 'antd';
export { LogoutOutlined } from '@ant-design/icons';
// Admin console (mf-admin): dialogs, row menus, edit forms.
export { Modal } from 'antd';
export { Dropdown } from 'antd';
export { InputNumber } from 'antd';
export { Switch } from 'antd';
export { Popconfirm } from 'antd';
export { Descriptions } from 'antd';
export { PlusOutlined } from '@ant-design/icons';
export { MoreOutlined } from '@ant-design/icons';
export { DeleteOutlined } from '@ant-design/icons';
// User dashboard (mf-user-dashboard): agent forms, uploads, result pages.
export { Progress } from 'antd';
export { Avatar } from 'antd';
export { Result } from 'antd';
export { Space } from 'antd';
export { CopyOutlined } from '@ant-design/icons';
export { UploadOutlined } from '@ant-design/icons';
// Host auth and account screens.
export { Checkbox } from 'antd';
export { Divider } from 'antd';
export { GoogleOutlined } from '@ant-design/icons';
// Agent softphone (mf-agent-softphone): floating softphone, messages, dialer setting.
export { Badge } from 'antd';
export { Tooltip } from 'antd';
export { List } from 'antd';
export { PhoneOutlined } from '@ant-design/icons';
export { AudioOutlined } from '@ant-design/icons';
export { AudioMutedOutlined } from '@ant-design/icons';
export { UnorderedListOutlined } from '@ant-design/icons';
export { NumberOutlined } from '@ant-design/icons';
export { SettingOutlined } from '@ant-design/icons';
export { WarningOutlined } from '@ant-design/icons';
export { SendOutlined } from '@ant-design/icons';
