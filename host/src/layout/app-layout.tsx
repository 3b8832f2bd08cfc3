import { useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useSessionUser } from 'shared-auth';
import { Button, Flex, Layout, LogoutOutlined, MenuOutlined, Typography, useMediaQuery } from 'shared-ui';
import { RouteBreadcrumbs } from './route-breadcrumbs';
import { SideMenu } from './side-menu';
import { useLogout } from './use-logout';

const headerStyle = { background: '#fff', paddingInline: 24, borderBottom: '1px solid #f0f0f0' };
const siderStyle = { borderInlineEnd: '1px solid #f0f0f0' };
/** On a narrow screen the open menu lies over the page, under the header (antd's 64 px), so the
 *  page keeps its width and the header's Menu button stays there to close it; it scrolls with both. */
const overPageStyle = {
  ...siderStyle, position: 'absolute', insetBlock: '64px 0', insetInlineStart: 0, zIndex: 20, overflowY: 'auto',
  boxShadow: '6px 0 16px rgba(0, 0, 0, 0.08)',
} as const;
const SIDE_MENU_ID = 'side-menu';
/** Narrower than antd's lg breakpoint: the side menu would leave the page too little width. */
const NARROW_SCREEN = '(max-width: 991.98px)';

/** The frame of every signed-in screen: side menu, header, breadcrumbs, content. */
export function AppLayout() {
  const user = useSessionUser();
  const logout = useLogout();
  const { pathname } = useLocation();
  // On a narrow screen the side menu folds away behind the header's Menu button.
  const narrow = useMediaQuery(NARROW_SCREEN);
  // The page the menu was opened on: picking another page closes it.
  const [menuOpenedAt, setMenuOpenedAt] = useState<string | null>(null);
  // No user: the route's guard is about to redirect, so draw no frame around nothing.
  if (!user) return <Outlet />;
  const menuOpen = menuOpenedAt === pathname;
  const menuHidden = narrow && !menuOpen;

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        id={SIDE_MENU_ID}
        theme="light"
        width={240}
        collapsedWidth={0}
        collapsed={menuHidden}
        trigger={null}
        style={narrow ? (menuOpen ? overPageStyle : undefined) : siderStyle}
      >
        {!menuHidden && <SideMenu role={user.role} />}
      </Layout.Sider>
      <Layout>
        <Layout.Header style={headerStyle}>
          <Flex align="center" justify="space-between" gap={16} style={{ height: '100%' }}>
            {/* In the header's own row, so it never covers the breadcrumb below. */}
            {narrow ? (
              <Button
                type="text"
                icon={<MenuOutlined />}
                aria-label="Menu"
                aria-expanded={menuOpen}
                aria-controls={SIDE_MENU_ID}
                onClick={() => setMenuOpenedAt(menuOpen ? null : pathname)}
              />
            ) : <span />}
            <Flex align="center" gap={16} style={{ minWidth: 0 }}>
              <Typography.Text ellipsis>{user.email}</Typography.Text>
              <Button icon={<LogoutOutlined />} onClick={logout}>
                Logout
              </Button>
            </Flex>
          </Flex>
        </Layout.Header>
        <Layout.Content>
          {/* Screens bring their own 24px padding (shared-ui's DashboardPage); crumbs line up with it. */}
          <div style={{ padding: '16px 24px 0' }}>
            <RouteBreadcrumbs role={user.role} />
          </div>
          {/* antd's Layout.Content is the page's <main> landmark. */}
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
