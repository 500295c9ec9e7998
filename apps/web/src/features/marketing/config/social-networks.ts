/**
 * The brand named on /redes-sociales (product.md «Screens and routes»). The accounts and the
 * WhatsApp number themselves are the chain's data, edited in the back office (Contenido → Redes
 * sociales) and read from GET /api/social-links.
 */
export const socialBrand = 'La Brasa Dorada';
