export {
  contentAddressedKey,
  type ImageStore,
  isStoredFileKey,
  type StoredExtension,
  type StoredFile,
} from './image-store';
export { createLocalDiskStore } from './local-disk-store';
