/**
 * The scene's collision settings as a component (Add Component → sat-wasm → SATCollisionManager), placed on a
 * manager node as in the original article: while it is enabled, its inspector settings drive the collision
 * system, and its node receives the system's events as `(colliderA, colliderB, contact)`. Without one the system
 * runs with its defaults (SYSTEM_DEFAULTS). `SATCollisionManager.instance` is the system itself.
 */
import { _decorator, CCBoolean, CCInteger, Component } from 'cc';
import { SATCollisionSystem, SYSTEM_DEFAULTS } from '../system/SATCollisionSystem';
import { SATBroadPhase, SATContactType, SATDrawFlags } from '../runtime/types';
import type { SATCollider, SATContact } from './SATCollider';

const { ccclass, property, menu, disallowMultiple } = _decorator;

const FORWARDED = Object.keys(SATContactType).map((k) => SATContactType[k as keyof typeof SATContactType]);

@ccclass('SATCollisionManager')
@menu('sat-wasm/SATCollisionManager')
@disallowMultiple
export class SATCollisionManager extends Component {
  /** The game's collision system: queries, events, the collision matrix, the world (works with no manager node). */
  static get instance(): SATCollisionSystem {
    return SATCollisionSystem.instance;
  }

  /** Event names (Contact2DType's strings plus stay). */
  static readonly EventType = SATContactType;

  @property({ type: CCBoolean, tooltip: 'Collision updates and events on or off.' })
  get enable(): boolean {
    return this._enable;
  }
  set enable(v: boolean) {
    this._enable = v;
    this._apply();
  }

  @property({ type: SATDrawFlags, tooltip: 'Debug drawing (Graphics under the Canvas): shapes, bounds, contact points, MTV.' })
  get debugDrawFlags(): number {
    return this._debugDrawFlags;
  }
  set debugDrawFlags(v: number) {
    this._debugDrawFlags = v;
    this._apply();
  }

  @property({ type: CCBoolean, tooltip: 'Move overlapping non-sensor colliders apart (by mass; static ones never move).' })
  get pushApart(): boolean {
    return this._pushApart;
  }
  set pushApart(v: boolean) {
    this._pushApart = v;
    this._apply();
  }

  @property({ type: CCInteger, min: 1, max: 64, tooltip: 'Push-apart relaxation iterations per frame.' })
  get pushApartIterations(): number {
    return this._pushApartIterations;
  }
  set pushApartIterations(v: number) {
    this._pushApartIterations = v;
    this._apply();
  }

  @property({ type: SATBroadPhase, tooltip: 'Grid suits most scenes; Tree when few colliders move. Changing it re-makes the world.' })
  get broadPhase(): SATBroadPhase {
    return this._broadPhase;
  }
  set broadPhase(v: SATBroadPhase) {
    this._broadPhase = v;
    this._apply();
  }

  /** The groups read from Project Settings → Physics (name -> group value), as the inspector shows them. */
  @property({ type: [String], readonly: true, tooltip: 'Physics groups from Project Settings → Physics (edit them there).' })
  get groups(): string[] {
    const groups = SATCollisionSystem.instance.groups;
    return Object.keys(groups).map((name) => `${name} = ${groups[name]}`);
  }

  @property
  private _enable = SYSTEM_DEFAULTS.enable;
  @property
  private _debugDrawFlags = SYSTEM_DEFAULTS.debugDrawFlags;
  @property
  private _pushApart = SYSTEM_DEFAULTS.pushApart;
  @property
  private _pushApartIterations = SYSTEM_DEFAULTS.pushApartIterations;
  @property
  private _broadPhase = SYSTEM_DEFAULTS.broadPhase;

  private _forwarders: Array<[string, (a: SATCollider, b: SATCollider, c: SATContact) => void]> = [];

  protected onEnable(): void {
    this._apply();
    const system = SATCollisionSystem.instance;
    for (const type of FORWARDED) {
      const fn = (a: SATCollider, b: SATCollider, c: SATContact) => {
        if (this.node?.isValid) this.node.emit(type, a, b, c);
      };
      system.on(type, fn);
      this._forwarders.push([type, fn]);
    }
  }

  protected onDisable(): void {
    const system = SATCollisionSystem.instance;
    for (const [type, fn] of this._forwarders) system.off(type, fn);
    this._forwarders = [];
    applySettings(system, SYSTEM_DEFAULTS);
  }

  private _apply(): void {
    if (!this.enabledInHierarchy) return;
    applySettings(SATCollisionSystem.instance, {
      enable: this._enable,
      debugDrawFlags: this._debugDrawFlags,
      pushApart: this._pushApart,
      pushApartIterations: this._pushApartIterations,
      broadPhase: this._broadPhase,
    });
  }
}

function applySettings(system: SATCollisionSystem, s: typeof SYSTEM_DEFAULTS): void {
  system.enable = s.enable;
  system.debugDrawFlags = s.debugDrawFlags;
  system.pushApart = s.pushApart;
  system.pushApartIterations = s.pushApartIterations;
  system.broadPhase = s.broadPhase;
}
