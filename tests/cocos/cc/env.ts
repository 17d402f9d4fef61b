// Stand-in for Cocos' build-time constants (`cc/env`): a plain game build on a browser.
export const EDITOR = false;
export const PREVIEW = false;
export const BUILD = true;
export const TEST = true;
export const DEBUG = true;
export const DEV = false;
export const NATIVE = false;
export const JSB = false;
export const WECHAT = false;
export const HTML5 = true;
