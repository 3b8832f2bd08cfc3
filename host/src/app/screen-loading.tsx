import { Flex, Spin } from 'shared-ui';

/** While a screen's code loads, inside the layout. */
export function ScreenLoading() {
  return (
    <Flex role="status" aria-label="Loading" justify="center" style={{ padding: 48 }}>
      <Spin size="large" />
    </Flex>
  );
}

/** While the stored token is checked: the whole screen, centred. */
export function FullScreenLoading() {
  return (
    <Flex role="status" aria-label="Loading" align="center" justify="center" style={{ minHeight: '100vh' }}>
      <Spin size="large" />
    </Flex>
  );
}
