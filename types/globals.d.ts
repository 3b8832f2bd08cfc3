// Compile-time constants injected by webpack's DefinePlugin (tools/mf-config).
declare const __APP_NAME__: string;
/** Versions of the packages the apps share, by package name (host-shares.ts provides them). */
declare const __SHARED_VERSIONS__: Record<string, { version: string; requiredVersion: string; singleton: boolean }>;
/** The antd components shared one at a time: shared-ui/src/antd/<name>.ts. */
declare const __ANTD_SHARE_NAMES__: readonly string[];
