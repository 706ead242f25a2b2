/** The part of fs-native-extensions 1.5 the server uses (the package ships no types). */
declare module 'fs-native-extensions' {
  /**
   * An advisory lock on the open file (on Linux an open-file-description lock, F_OFD_SETLK):
   * true when granted, false when another open file holds it. The operating system lets go of
   * it when the file is closed or its process ends, however it ends.
   */
  export function tryLock(fd: number, options?: { shared?: boolean }): boolean;
}
