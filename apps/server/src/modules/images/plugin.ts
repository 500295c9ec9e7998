import fp from 'fastify-plugin';
import { imagesDir, imageStoreChoice, type Config } from '../../config';
import { createImagesDeps, createImagesService, type ImagesService } from './service';
import { databaseImageStore, localImageStore } from './store';

declare module 'fastify' {
  interface FastifyInstance {
    images: ImagesService;
  }
}

export const imagesPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const kind = imageStoreChoice(config.IMAGE_STORE, app.dialect);
    const dir = imagesDir(config);
    const store =
      kind === 'database' ? databaseImageStore(app.db, app.clock) : localImageStore(app.db, dir);
    app.log.info({ store: kind, ...(kind === 'local' ? { dir } : {}) }, 'image uploads store');
    app.decorate('images', createImagesService(createImagesDeps(store, app.audit)));
  },
  { name: 'images', dependencies: ['db', 'audit'] },
);
