// Compile-time constants injected by webpack's DefinePlugin (tools/mf-config).
declare const __APP_NAME__: string;
