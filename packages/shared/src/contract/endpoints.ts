/**
 * Every HTTP endpoint of the API: its method and its path, once (decision 031). Zod-free on
 * purpose: the storefront imports these at run time to build its requests, and a schema here would
 * ride along into every first load. What each endpoint takes and answers is declared next to this,
 * in the area files (`catalog.ts`, `orders.ts`…), keyed by the same names; the server registers its
 * routes from those (apps/server/src/lib/route.ts) and the web calls through `call`
 * (apps/web/src/lib/api-client.ts), which finds the answer type by method and path.
 *
 * Named exports, plain object literals: the bundler keeps only the ones a chunk uses.
 * Paths are the storefront's legacy ones (product.md «Wire contract»): kept exactly.
 */

// Catalogue
export const getBranches = { method: 'GET', path: '/api/branch-office' } as const;
export const getCategories = { method: 'GET', path: '/api/category-client' } as const;
export const getBanners = { method: 'GET', path: '/api/banner' } as const;
export const getCategory = { method: 'GET', path: '/api/category/:slug/:branchId' } as const;
export const getProduct = { method: 'GET', path: '/api/products/:slug/:branchId' } as const;
export const getPaymentTypes = { method: 'GET', path: '/api/cart-type-payment' } as const;
export const getParameters = { method: 'GET', path: '/api/parameters-segment/:segment' } as const;
export const getCoupon = { method: 'GET', path: '/api/coupon-branch/:id' } as const;
export const getSocialLinks = { method: 'GET', path: '/api/social-links' } as const;

// Delivery
export const getNeighbourhoods = { method: 'GET', path: '/api/delivery/neighbourhoods' } as const;
export const getCoverage = { method: 'GET', path: '/api/delivery/coverage' } as const;

// Account and sessions
export const login = { method: 'POST', path: '/api/login' } as const;
export const register = { method: 'POST', path: '/api/register' } as const;
export const logout = { method: 'POST', path: '/api/logout' } as const;
export const getMe = { method: 'GET', path: '/api/me' } as const;
export const getSessions = { method: 'GET', path: '/api/sessions' } as const;
export const endOtherSessions = { method: 'DELETE', path: '/api/sessions/others' } as const;
export const endSession = { method: 'DELETE', path: '/api/sessions/:id' } as const;

// Favourites and addresses
export const getFavorites = { method: 'GET', path: '/api/favorites' } as const;
export const toggleFavorite = { method: 'PUT', path: '/api/favorites/:id' } as const;
export const getAddresses = { method: 'GET', path: '/api/addresses' } as const;
export const createAddress = { method: 'POST', path: '/api/addresses' } as const;
export const updateAddress = { method: 'PUT', path: '/api/addresses/:id' } as const;
export const deleteAddress = { method: 'DELETE', path: '/api/addresses/:id' } as const;

// Orders (placement itself is the socket's `confirm-cart`)
export const getCartHistory = { method: 'GET', path: '/api/cart-history' } as const;
export const getOrder = { method: 'GET', path: '/api/orders/:id' } as const;
export const getReorder = { method: 'GET', path: '/api/orders/:id/reorder' } as const;
export const changeOrderStatus = { method: 'POST', path: '/api/staff/orders/:id/status' } as const;
export const getStaffOrders = { method: 'GET', path: '/api/staff/orders' } as const;

// Marketing forms, and their rows for a branch's staff
export const createDiscount = { method: 'POST', path: '/api/discount' } as const;
export const validateCourtesy = { method: 'POST', path: '/api/courtesy-validate' } as const;
export const getBranchDiscountSignups = { method: 'GET', path: '/api/staff/branches/:id/discount-signups' } as const;
export const getBranchCourtesyReservations = { method: 'GET', path: '/api/staff/branches/:id/courtesy-reservations' } as const;

// Branch console
export const getStaffMe = { method: 'GET', path: '/api/staff/me' } as const;
export const getStaffBranches = { method: 'GET', path: '/api/staff/branches' } as const;
export const getStaffBranch = { method: 'GET', path: '/api/staff/branches/:id' } as const;
export const pauseBranch = { method: 'PUT', path: '/api/staff/branches/:id/pause' } as const;
export const setBranchRush = { method: 'PUT', path: '/api/staff/branches/:id/rush' } as const;
export const updateBranchSettings = { method: 'PUT', path: '/api/staff/branches/:id/settings' } as const;
export const getStaffBranchProducts = { method: 'GET', path: '/api/staff/branches/:id/products' } as const;
export const setProductAvailability = { method: 'PUT', path: '/api/staff/branches/:id/products/:productId/availability' } as const;
export const getBranchSummary = { method: 'GET', path: '/api/staff/branches/:id/summary' } as const;

// Back office: records, change log, images, staff
export const getDiscountSignups = { method: 'GET', path: '/api/admin/records/discount-signups' } as const;
export const getDiscountSignupsCsv = { method: 'GET', path: '/api/admin/records/discount-signups.csv' } as const;
export const getCourtesyReservations = { method: 'GET', path: '/api/admin/records/courtesy-reservations' } as const;
export const getCourtesyReservationsCsv = { method: 'GET', path: '/api/admin/records/courtesy-reservations.csv' } as const;
export const getAudit = { method: 'GET', path: '/api/admin/audit' } as const;
export const uploadImage = { method: 'POST', path: '/api/admin/images' } as const;
export const getStaff = { method: 'GET', path: '/api/admin/staff' } as const;
export const createStaff = { method: 'POST', path: '/api/admin/staff' } as const;
export const updateStaff = { method: 'PUT', path: '/api/admin/staff/:id' } as const;
export const resetStaffPassword = { method: 'POST', path: '/api/admin/staff/:id/password' } as const;
export const deactivateStaff = { method: 'POST', path: '/api/admin/staff/:id/deactivate' } as const;
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
export const reorderPaymentTypes = { method: 'PUT', path: '/api/admin/payment-types/order' } as const;
export const updatePaymentType = { method: 'PUT', path: '/api/admin/payment-types/:id' } as const;
export const getSurveyOptions = { method: 'GET', path: '/api/admin/survey-options' } as const;
export const createSurveyOption = { method: 'POST', path: '/api/admin/survey-options' } as const;
export const reorderSurveyOptions = { method: 'PUT', path: '/api/admin/survey-options/order' } as const;
export const updateSurveyOption = { method: 'PUT', path: '/api/admin/survey-options/:id' } as const;
export const removeSurveyOption = { method: 'DELETE', path: '/api/admin/survey-options/:id' } as const;
export const getAdminSocialLinks = { method: 'GET', path: '/api/admin/social-links' } as const;
export const saveSocialLinks = { method: 'PUT', path: '/api/admin/social-links' } as const;

// Back office: menu
export const getAdminCategories = { method: 'GET', path: '/api/admin/categories' } as const;
export const createCategory = { method: 'POST', path: '/api/admin/categories' } as const;
export const reorderCategories = { method: 'PUT', path: '/api/admin/categories/order' } as const;
export const updateCategory = { method: 'PUT', path: '/api/admin/categories/:id' } as const;
export const setCategoryVisibility = { method: 'PUT', path: '/api/admin/categories/:id/visibility' } as const;
export const reorderProducts = { method: 'PUT', path: '/api/admin/categories/:id/products/order' } as const;
export const getAdminProducts = { method: 'GET', path: '/api/admin/products' } as const;
export const getAdminProduct = { method: 'GET', path: '/api/admin/products/:id' } as const;
export const createProduct = { method: 'POST', path: '/api/admin/products' } as const;
export const updateProduct = { method: 'PUT', path: '/api/admin/products/:id' } as const;
export const setProductVisibility = { method: 'PUT', path: '/api/admin/products/:id/visibility' } as const;
export const getProductBranches = { method: 'GET', path: '/api/admin/products/:id/branches' } as const;
export const setBranchProduct = { method: 'PUT', path: '/api/admin/branches/:id/products/:productId' } as const;

// Back office: branches
export const getAdminBranches = { method: 'GET', path: '/api/admin/branches' } as const;
export const getAdminBranch = { method: 'GET', path: '/api/admin/branches/:id' } as const;
export const createBranch = { method: 'POST', path: '/api/admin/branches' } as const;
export const reorderBranches = { method: 'PUT', path: '/api/admin/branches/order' } as const;
export const updateBranch = { method: 'PUT', path: '/api/admin/branches/:id' } as const;
export const setBranchVisibility = { method: 'PUT', path: '/api/admin/branches/:id/visibility' } as const;
export const saveBranchHours = { method: 'PUT', path: '/api/admin/branches/:id/hours' } as const;
export const saveBranchExceptions = { method: 'PUT', path: '/api/admin/branches/:id/exceptions' } as const;
export const saveBranchZones = { method: 'PUT', path: '/api/admin/branches/:id/zones' } as const;
