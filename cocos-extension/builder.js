'use strict';
// Cocos Creator builder contribution (package.json "contributions.builder"). Every build needs one step:
// hooks.js copies the collision module into the game package (the .wasm, or the asm.js script for iOS native), since
// the module is not one of the extension's scripts. WeChat builds add an option for the compressed module.

const hooks = './hooks.js';

exports.configs = {
  '*': { hooks },
  wechatgame: {
    hooks,
    options: {
      brotli: {
        label: 'sat-wasm: ship the module as .wasm.br',
        description: 'Brotli-compressed module (about a third of the size); needs WeChat base library 2.14.0 or newer.',
        default: true,
        render: { ui: 'ui-checkbox' },
      },
    },
  },
};
