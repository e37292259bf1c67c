export * from './auth';
export * from './catalogue';
export * from './common';
export * from './health';
export * from './member';
export * from './premium';
export * from './zod-fa';
export * from './playback';
