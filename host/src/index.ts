// The async boundary Module Federation needs to negotiate shared modules before any of them run.
import('./bootstrap');
