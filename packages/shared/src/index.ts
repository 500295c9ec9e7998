import './zod-locale';
export * from './constants';
export * from './messages';
export * from './money';
export * from './pricing';
export * from './opening-hours';
export * from './schemas/common';
export * from './schemas/catalog';
