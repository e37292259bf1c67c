export * from './system';
export * from './catalogue';
export * from './accounts';
export * from './premium';
export * from './media';
export * from './admin-media';
