/** Key the spec's app kept the delivery address under; cleared on logout with the rest (spec §4). */
export const ADDRESS_STORAGE_KEY = 'address';
