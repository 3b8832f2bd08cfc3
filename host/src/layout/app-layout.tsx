import { Outlet } from 'react-router-dom';
import { useSessionUser } from 'shared-auth';
import { Button, Flex, Layout, LogoutOutlined, Typography } from 'shared-ui';
import { RouteBreadcrumbs } from './route-breadcrumbs';
import { SideMenu } from './side-menu';
import { useLogout } from './use-logout';

const headerStyle = { background: '#fff', paddingInline: 24, borderBottom: '1px solid #f0f0f0' };

/** The frame of every signed-in screen: side menu, header, breadcrumbs, content. */
export function AppLayout() {
  const user = useSessionUser();
  const logout = useLogout();
  // No user: the route's guard is about to redirect, so draw no frame around nothing.
  if (!user) return <Outlet />;

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider theme="light" width={240} breakpoint="lg" collapsedWidth={0} style={{ borderInlineEnd: '1px solid #f0f0f0' }}>
        <SideMenu role={user.role} />
      </Layout.Sider>
      <Layout>
        <Layout.Header style={headerStyle}>
          <Flex align="center" justify="flex-end" gap={16} style={{ height: '100%' }}>
            <Typography.Text>{user.email}</Typography.Text>
            <Button icon={<LogoutOutlined />} onClick={logout}>
              Logout
            </Button>
          </Flex>
        </Layout.Header>
        <Layout.Content>
          {/* Screens bring their own 24px padding (shared-ui's DashboardPage); crumbs line up with it. */}
          <div style={{ padding: '16px 24px 0' }}>
            <RouteBreadcrumbs role={user.role} />
          </div>
          <main>
            <Outlet />
          </main>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
