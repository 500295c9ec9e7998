/**
 * /panel/seguridad and the enrolment the console asks for when the chain requires it (one chunk:
 * the QR code's library loads only for these screens).
 */
export { SecurityScreen } from '@/features/second-factor/components/security-screen';
export { SecondFactorRequired } from '@/features/second-factor/components/second-factor-required';
