/** The back office (admins only). Zod-free: see ../endpoints.ts. */

// Back office: records, change log, images, staff
export const getDiscountSignups = {
  method: 'GET',
  path: '/api/admin/records/discount-signups',
} as const;
export const getDiscountSignupsCsv = {
  method: 'GET',
  path: '/api/admin/records/discount-signups.csv',
} as const;
export const getCourtesyReservations = {
  method: 'GET',
  path: '/api/admin/records/courtesy-reservations',
} as const;
export const getCourtesyReservationsCsv = {
  method: 'GET',
  path: '/api/admin/records/courtesy-reservations.csv',
} as const;
export const getAudit = { method: 'GET', path: '/api/admin/audit' } as const;
export const uploadImage = { method: 'POST', path: '/api/admin/images' } as const;
export const getStaff = { method: 'GET', path: '/api/admin/staff' } as const;
export const createStaff = { method: 'POST', path: '/api/admin/staff' } as const;
export const updateStaff = { method: 'PUT', path: '/api/admin/staff/:id' } as const;
export const resetStaffPassword = {
  method: 'POST',
  path: '/api/admin/staff/:id/password',
} as const;
export const deactivateStaff = { method: 'POST', path: '/api/admin/staff/:id/deactivate' } as const;
export const resetStaffSecondFactor = {
  method: 'POST',
  path: '/api/admin/staff/:id/second-factor/reset',
} as const;
export const activateStaff = { method: 'POST', path: '/api/admin/staff/:id/activate' } as const;

// Back office: content
export const getAdminBanners = { method: 'GET', path: '/api/admin/banners' } as const;
export const createBanner = { method: 'POST', path: '/api/admin/banners' } as const;
export const reorderBanners = { method: 'PUT', path: '/api/admin/banners/order' } as const;
export const updateBanner = { method: 'PUT', path: '/api/admin/banners/:id' } as const;
export const getAdminCoupons = { method: 'GET', path: '/api/admin/coupons' } as const;
export const saveCoupon = { method: 'PUT', path: '/api/admin/coupons/:id' } as const;
export const getAdminPaymentTypes = { method: 'GET', path: '/api/admin/payment-types' } as const;
export const createPaymentType = { method: 'POST', path: '/api/admin/payment-types' } as const;
export const reorderPaymentTypes = {
  method: 'PUT',
  path: '/api/admin/payment-types/order',
} as const;
export const updatePaymentType = { method: 'PUT', path: '/api/admin/payment-types/:id' } as const;
export const getSurveyOptions = { method: 'GET', path: '/api/admin/survey-options' } as const;
export const createSurveyOption = { method: 'POST', path: '/api/admin/survey-options' } as const;
export const reorderSurveyOptions = {
  method: 'PUT',
  path: '/api/admin/survey-options/order',
} as const;
export const updateSurveyOption = { method: 'PUT', path: '/api/admin/survey-options/:id' } as const;
export const removeSurveyOption = {
  method: 'DELETE',
  path: '/api/admin/survey-options/:id',
} as const;
export const getAdminPromotions = { method: 'GET', path: '/api/admin/promotions' } as const;
export const createPromotion = { method: 'POST', path: '/api/admin/promotions' } as const;
export const updatePromotion = { method: 'PUT', path: '/api/admin/promotions/:id' } as const;
export const removePromotion = { method: 'DELETE', path: '/api/admin/promotions/:id' } as const;
export const getAdminSocialLinks = { method: 'GET', path: '/api/admin/social-links' } as const;
export const saveSocialLinks = { method: 'PUT', path: '/api/admin/social-links' } as const;

// Back office: menu
export const getAdminCategories = { method: 'GET', path: '/api/admin/categories' } as const;
export const createCategory = { method: 'POST', path: '/api/admin/categories' } as const;
export const reorderCategories = { method: 'PUT', path: '/api/admin/categories/order' } as const;
export const updateCategory = { method: 'PUT', path: '/api/admin/categories/:id' } as const;
export const setCategoryVisibility = {
  method: 'PUT',
  path: '/api/admin/categories/:id/visibility',
} as const;
export const reorderProducts = {
  method: 'PUT',
  path: '/api/admin/categories/:id/products/order',
} as const;
export const getAdminProducts = { method: 'GET', path: '/api/admin/products' } as const;
export const getAdminProduct = { method: 'GET', path: '/api/admin/products/:id' } as const;
export const createProduct = { method: 'POST', path: '/api/admin/products' } as const;
export const updateProduct = { method: 'PUT', path: '/api/admin/products/:id' } as const;
export const setProductVisibility = {
  method: 'PUT',
  path: '/api/admin/products/:id/visibility',
} as const;
export const duplicateProduct = {
  method: 'POST',
  path: '/api/admin/products/:id/duplicate',
} as const;
export const previewPriceChange = { method: 'POST', path: '/api/admin/prices/preview' } as const;
export const applyPriceChange = { method: 'POST', path: '/api/admin/prices/apply' } as const;
export const getMenuCsv = { method: 'GET', path: '/api/admin/menu.csv' } as const;
export const previewMenuImport = {
  method: 'POST',
  path: '/api/admin/menu/import/preview',
} as const;
export const applyMenuImport = { method: 'POST', path: '/api/admin/menu/import/apply' } as const;
export const getProductBranches = {
  method: 'GET',
  path: '/api/admin/products/:id/branches',
} as const;
export const setBranchProduct = {
  method: 'PUT',
  path: '/api/admin/branches/:id/products/:productId',
} as const;

// Back office: branches
export const getAdminBranches = { method: 'GET', path: '/api/admin/branches' } as const;
export const getAdminBranch = { method: 'GET', path: '/api/admin/branches/:id' } as const;
export const createBranch = { method: 'POST', path: '/api/admin/branches' } as const;
export const reorderBranches = { method: 'PUT', path: '/api/admin/branches/order' } as const;
export const updateBranch = { method: 'PUT', path: '/api/admin/branches/:id' } as const;
export const setBranchVisibility = {
  method: 'PUT',
  path: '/api/admin/branches/:id/visibility',
} as const;
export const saveBranchHours = { method: 'PUT', path: '/api/admin/branches/:id/hours' } as const;
export const saveBranchExceptions = {
  method: 'PUT',
  path: '/api/admin/branches/:id/exceptions',
} as const;
export const saveBranchZones = { method: 'PUT', path: '/api/admin/branches/:id/zones' } as const;
export const setBranchCapacity = {
  method: 'PUT',
  path: '/api/admin/branches/:id/capacity',
} as const;
export const getAutoAccept = {
  method: 'GET',
  path: '/api/admin/branches/:id/auto-accept',
} as const;
export const setAutoAccept = {
  method: 'PUT',
  path: '/api/admin/branches/:id/auto-accept',
} as const;

// Back office: the chain's security settings
export const getSecuritySettings = { method: 'GET', path: '/api/admin/security' } as const;
export const updateSecuritySettings = { method: 'PUT', path: '/api/admin/security' } as const;
export const getBrandSettings = { method: 'GET', path: '/api/admin/brand' } as const;
export const updateBrandSettings = { method: 'PUT', path: '/api/admin/brand' } as const;
export const uploadBrandLogo = { method: 'PUT', path: '/api/admin/brand/logo' } as const;
export const removeBrandLogo = { method: 'DELETE', path: '/api/admin/brand/logo' } as const;
