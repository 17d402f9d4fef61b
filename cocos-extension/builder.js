'use strict';
// Cocos Creator builder contribution (package.json "contributions.builder"). Every build needs one step:
// hooks.js copies the collision module into the game package (the .wasm, or the asm.js script for iOS native), since
// the module is not one of the extension's scripts. The 3D module goes in only when the project uses it (option
// "3D module", every platform); WeChat builds add an option for the compressed module.

const hooks = './hooks.js';

const module3d = {
  label: 'sat-wasm: 3D module',
  description:
    'auto: copied when a scene, prefab or script of the project uses a sat-wasm 3D collider; always; never (a 2D-only game).',
  default: 'auto',
  render: {
    ui: 'ui-select',
    items: [
      { label: 'auto', value: 'auto' },
      { label: 'always', value: 'always' },
      { label: 'never', value: 'never' },
    ],
  },
};

exports.configs = {
  '*': { hooks, options: { module3d } },
  wechatgame: {
    hooks,
    options: {
      module3d,
      brotli: {
        label: 'sat-wasm: ship the module as .wasm.br',
        description: 'Brotli-compressed module (about a third of the size); needs WeChat base library 2.14.0 or newer.',
        default: true,
        render: { ui: 'ui-checkbox' },
      },
    },
  },
};
