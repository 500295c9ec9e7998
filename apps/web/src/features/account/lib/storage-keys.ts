/** Key the original storefront kept the delivery address under; cleared on logout with the rest (product.md «States and transitions»). */
export const ADDRESS_STORAGE_KEY = 'address';
