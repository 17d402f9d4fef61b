// Cocos Creator's build-time constants module. @cocos/creator-types ships `cc` but not `cc/env`; a Cocos project
// gets it from temp/declarations/cc.env.d.ts. These are the constants the extension uses (and a few neighbours).
declare module 'cc/env' {
  export const EDITOR: boolean;
  export const PREVIEW: boolean;
  export const BUILD: boolean;
  export const TEST: boolean;
  export const DEBUG: boolean;
  export const DEV: boolean;
  export const NATIVE: boolean;
  export const JSB: boolean;
  export const WECHAT: boolean;
  export const HTML5: boolean;
}
