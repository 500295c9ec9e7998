import fp from 'fastify-plugin';
import { resolve } from 'node:path';
import { imageStoreChoice, type Config } from '../../config';
import { createImagesRepository } from './repository';
import { createImagesService, type ImagesService } from './service';
import { databaseImageStore, localImageStore } from './store';

declare module 'fastify' {
  interface FastifyInstance {
    images: ImagesService;
  }
}

export const imagesPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const kind = imageStoreChoice(config.IMAGE_STORE, app.dialect);
    const store =
      kind === 'database' ? databaseImageStore(app.db, createImagesRepository(app.db)) : localImageStore(app.db, resolve(config.IMAGES_DIR));
    app.log.info({ store: kind, ...(kind === 'local' ? { dir: resolve(config.IMAGES_DIR) } : {}) }, 'image uploads store');
    app.decorate('images', createImagesService(store, app.audit));
  },
  { name: 'images', dependencies: ['db', 'audit'] },
);
