import { z } from 'zod';

// Customers read validation messages: zod's defaults must speak Spanish on both sides of the wire.
// Schemas still give their own messages where the contract writes one.
z.config(z.locales.es());
