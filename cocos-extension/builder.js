'use strict';
// Cocos Creator builder contribution (package.json "contributions.builder"). Only WeChat mini-games need a build
// step: WXWebAssembly instantiates a module from a file in the game package, so hooks.js copies it there. Web and
// native builds get the module's bytes from a script (assets/lib/wasm/sat-baseline-bytes.js) and need nothing.

exports.configs = {
  wechatgame: {
    hooks: './hooks.js',
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
