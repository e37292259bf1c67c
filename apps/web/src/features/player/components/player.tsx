import type { PlayInfo } from '@parde/contract';
import type Hls from 'hls.js';
import ClosedCaptionIcon from 'plain-icon:ClosedCaption';
import ClosedCaptionDisabledIcon from 'plain-icon:ClosedCaptionDisabled';
import Forward10Icon from 'plain-icon:Forward10';
import FullscreenIcon from 'plain-icon:Fullscreen';
import FullscreenExitIcon from 'plain-icon:FullscreenExit';
import PauseIcon from 'plain-icon:Pause';
import PlayArrowIcon from 'plain-icon:PlayArrow';
import Replay10Icon from 'plain-icon:Replay10';
import SettingsIcon from 'plain-icon:Settings';
import VolumeOffIcon from 'plain-icon:VolumeOff';
import VolumeUpIcon from 'plain-icon:VolumeUp';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type PointerEvent as ReactPointerEvent } from 'react';
import { savePosition } from '../api/save-position';
import { measuredBandwidth, pickAudio, startEstimate, subtitleChoice, subtitleFor } from '../lib/choices';
import { cuesAt, toCues, type Cue } from '../lib/cues';
import { clock, dataAmount, qualityLabel } from '../lib/format';
import { loadHls } from '../lib/load-hls';
import { meteredConnection, saveAudio, savePrefs, type PlayerChoices, type PlayerPrefs } from '../lib/prefs';
import { messages } from '../messages';
import '../player.css';

const SAVE_EVERY_MS = 15_000;
const SEEK_STEP = 10;
const NEXT_COUNTDOWN = 8;
/** Data saver: nothing above this height. */
const SAVER_MAX_HEIGHT = 480;

export interface PlayerProps {
  info: PlayInfo;
  /** Signed in: positions are saved to the member's history. */
  isMember: boolean;
  /** `?dub=1`: start with the (first) dub. */
  preferDub: boolean;
  /** The profile's (a visitor's: this device's) choices, read before the player starts. */
  choices: PlayerChoices;
  title: string;
  /** Reached by a press on «تماشا», a continue-watching card or the next episode: play on arrival. */
  autoplay?: boolean;
  onNext?: (episodeId: number) => void;
}

type Menu = null | 'settings';

/**
 * The player: hls.js from the site's own bundle (Safari's native HLS where hls.js cannot run),
 * controls laid out right to left, subtitles drawn by us (right to left, Persian digits), the
 * audio edition remembered per title, resume, positions saved every 15 s, on pause and on leaving,
 * skip intro, the next episode with a countdown, keyboard shortcuts and double-tap seeking.
 */
export function Player({ info, isMember, preferDub, choices, title, autoplay = false, onNext }: PlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const hlsRef = useRef<Hls | null>(null);
  const [prefs, setPrefs] = useState<PlayerPrefs>(choices.prefs);
  const dataSaver = prefs.dataSaver ?? meteredConnection();
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(info.resumeSec);
  const [duration, setDuration] = useState(info.durationSec);
  const [muted, setMuted] = useState(false);
  const [volume, setVolume] = useState(1);
  const [fullscreen, setFullscreen] = useState(false);
  const [menu, setMenu] = useState<Menu>(null);
  const [levels, setLevels] = useState<{ index: number; height: number }[]>([]);
  const [level, setLevel] = useState(-1);
  const [playingLevel, setPlayingLevel] = useState<number | null>(null);
  const [audioId, setAudioId] = useState(() => pickAudio(info, preferDub, choices.audio));
  const [cueFile, setCueFile] = useState<{ language: string; cues: Cue[] } | null>(null);
  const [delay, setDelay] = useState(0);
  const [failed, setFailed] = useState(false);
  const [controlsShown, setControlsShown] = useState(true);
  const [countdown, setCountdown] = useState<number | null>(null);
  const [flash, setFlash] = useState<string | null>(null);
  // Playback has begun once (autoplay or a press); until then a large play button shows.
  const [started, setStarted] = useState(false);
  // Autoplay is on its way: the large button waits, unless the browser refuses.
  const [starting, setStarting] = useState(autoplay);
  const lastSaved = useRef(0);
  // Playback was asked for once: full screen on a phone comes with the first start only.
  const startedRef = useRef(false);
  const audio = info.audio.find((a) => a.id === audioId);
  // With a Persian dub, subtitles stay off unless the viewer has chosen them for dubs.
  const subtitle = subtitleFor(info, audio, prefs);

  const updatePrefs = (patch: Partial<PlayerPrefs>) =>
    setPrefs((p) => {
      const next = { ...p, ...patch };
      savePrefs(next, isMember);
      return next;
    });

  const save = useCallback(
    (leaving = false) => {
      const v = videoRef.current;
      if (!isMember || !v || !Number.isFinite(v.currentTime) || v.currentTime < 1) return;
      lastSaved.current = Date.now();
      void savePosition(info.titleId, info.episode?.id ?? null, v.currentTime, leaving).catch(() => {});
    },
    [info.titleId, info.episode?.id, isMember],
  );

  /**
   * Starts playback: on a phone, full screen and landscape where the browser allows it (both
   * need the press's activation; a refusal, e.g. of the orientation lock, changes nothing). A
   * refused `play()` (no activation: an address opened from outside) shows the play button.
   */
  function begin() {
    const video = videoRef.current;
    if (!video) return;
    if (!startedRef.current && isPhone()) goFullscreen(boxRef.current);
    startedRef.current = true;
    video.play().then(
      () => setStarting(false),
      (err: unknown) => {
        // AbortError: the source changed under it (another episode); not a refusal.
        if (err instanceof DOMException && err.name === 'AbortError') return;
        startedRef.current = false;
        setStarting(false);
      },
    );
  }
  // hls.js: loaded with this screen only, then the master playlist from the signed address.
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let hls: Hls | null = null;
    let cancelled = false;
    void (async () => {
      const { default: HlsClass } = await loadHls();
      if (cancelled) return;
      if (!HlsClass.isSupported()) {
        if (video.canPlayType('application/vnd.apple.mpegurl')) {
          video.src = info.masterUrl;
          video.currentTime = info.resumeSec;
          if (autoplay) begin();
        } else setFailed(true);
        return;
      }
      // Start at a rung whose first segment the connection has shown it carries quickly (measured
      // on the watch code's own download), instead of hls.js's test download of a first segment.
      const bandwidth = measuredBandwidth(performance.getEntriesByType('resource') as PerformanceResourceTiming[], (navigator as Navigator & { connection?: { downlink?: number } }).connection?.downlink);
      hls = new HlsClass({
        startPosition: info.resumeSec,
        capLevelToPlayerSize: true,
        enableWorker: true,
        renderTextTracksNatively: false,
        ...(bandwidth ? { abrEwmaDefaultEstimate: startEstimate(bandwidth), testBandwidth: false } : {}),
      });
      hlsRef.current = hls;
      hls.on(HlsClass.Events.MANIFEST_PARSED, (_e, data) => {
        setLevels(data.levels.map((l, index) => ({ index, height: l.height })));
        // The profile's fixed quality, when this title has it.
        const fixed = choices.prefs.quality === null ? -1 : data.levels.findIndex((l) => l.height === choices.prefs.quality);
        if (fixed >= 0) setLevel(fixed);
        const wanted = info.audio.findIndex((a) => a.id === pickAudio(info, preferDub, choices.audio));
        if (wanted >= 0 && hls!.audioTracks.length > wanted) hls!.audioTrack = wanted;
      });
      hls.on(HlsClass.Events.LEVEL_SWITCHED, (_e, data) => setPlayingLevel(data.level));
      hls.on(HlsClass.Events.ERROR, (_e, data) => {
        if (!data.fatal) return;
        if (data.type === HlsClass.ErrorTypes.NETWORK_ERROR) hls!.startLoad();
        else if (data.type === HlsClass.ErrorTypes.MEDIA_ERROR) hls!.recoverMediaError();
        else setFailed(true);
      });
      hls.loadSource(info.masterUrl);
      hls.attachMedia(video);
      // Asked for now, the play waits for the first frames instead of a second press.
      if (autoplay) begin();
    })();
    return () => {
      cancelled = true;
      hls?.destroy();
      hlsRef.current = null;
    };
    // A new address (another episode) is a new source; the rest is read once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [info.masterUrl]);

  // Data saver caps the ladder; the quality menu picks a level or leaves it to hls.js.
  useEffect(() => {
    const hls = hlsRef.current;
    if (!hls || levels.length === 0) return;
    const allowed = levels.filter((l) => l.height <= SAVER_MAX_HEIGHT);
    hls.autoLevelCapping = dataSaver && allowed.length > 0 ? Math.max(...allowed.map((l) => l.index)) : -1;
    hls.currentLevel = level;
  }, [dataSaver, level, levels]);

  // The audio edition: switched in place, remembered for the title (its other episodes too).
  useEffect(() => {
    const hls = hlsRef.current;
    const index = info.audio.findIndex((a) => a.id === audioId);
    if (hls && index >= 0 && hls.audioTracks.length > index && hls.audioTrack !== index) hls.audioTrack = index;
  }, [audioId, info.audio]);

  // Subtitles: the whole file, drawn by us.
  useEffect(() => {
    const track = info.subtitles.find((s) => s.language === subtitle);
    if (!track) return;
    const ctrl = new AbortController();
    fetch(track.url, { signal: ctrl.signal, credentials: 'include' })
      .then((r) => (r.ok ? r.text() : ''))
      .then((text) => setCueFile({ language: track.language, cues: toCues(text) }))
      .catch(() => {});
    return () => ctrl.abort();
  }, [subtitle, info.subtitles]);

  // Positions: every 15 s while playing, on pause (the event), and when the viewer leaves.
  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === 'hidden') save(true);
    };
    const onPageHide = () => save(true);
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', onPageHide);
      save(true);
    };
  }, [save]);

  useEffect(() => {
    const onChange = () => {
      const on = document.fullscreenElement === boxRef.current;
      setFullscreen(on);
      // Leaving full screen (the back gesture, the button) lets the phone turn back; playback goes on.
      if (!on) unlockOrientation();
    };
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  // Controls hide after a while of playing, and come back on any movement.
  useEffect(() => {
    if (!playing || menu || !controlsShown) return;
    const t = window.setTimeout(() => setControlsShown(false), 3000);
    return () => window.clearTimeout(t);
  }, [playing, menu, controlsShown, time]);

  // The next episode's countdown, once this one has ended.
  useEffect(() => {
    if (countdown === null || !info.next) return;
    if (countdown <= 0) {
      onNext?.(info.next.id);
      return;
    }
    const t = window.setTimeout(() => setCountdown((c) => (c === null ? null : c - 1)), 1000);
    return () => window.clearTimeout(t);
  }, [countdown, info.next, onNext]);

  useEffect(() => {
    if (!flash) return;
    const t = window.setTimeout(() => setFlash(null), 700);
    return () => window.clearTimeout(t);
  }, [flash]);

  const v = () => videoRef.current;
  const togglePlay = () => {
    const video = v();
    if (!video) return;
    if (video.paused) begin();
    else video.pause();
  };
  const seekBy = (delta: number) => {
    const video = v();
    if (!video) return;
    video.currentTime = Math.min(Math.max(0, video.currentTime + delta), Number.isFinite(video.duration) ? video.duration : duration);
    setFlash(delta > 0 ? messages.forward10 : messages.back10);
  };
  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
    else goFullscreen(boxRef.current);
  };
  const toggleMute = () => {
    const video = v();
    if (video) video.muted = !video.muted;
  };
  // Kept as the choice for what plays now: a Persian dub's, or the original's.
  const chooseSubtitle = (language: string | null) => updatePrefs(subtitleChoice(audio, language));
  const toggleSubtitles = () => chooseSubtitle(subtitle ? null : ((info.subtitles.find((s) => s.language === 'fa') ?? info.subtitles[0])?.language ?? null));

  // Right to left: ArrowLeft goes forward (the way the bar fills), ArrowRight back.
  const onKeyDown = (e: ReactKeyboardEvent<HTMLDivElement>) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const target = e.target as HTMLElement;
    const inControl = target.closest('button, input, select, [role="menu"]') !== null;
    let handled = true;
    switch (e.key) {
      case ' ':
      case 'k':
        if (inControl && e.key === ' ' && target.tagName === 'BUTTON') return;
        togglePlay();
        break;
      case 'ArrowLeft':
        if (inControl && target.tagName === 'INPUT') return;
        seekBy(SEEK_STEP);
        break;
      case 'ArrowRight':
        if (inControl && target.tagName === 'INPUT') return;
        seekBy(-SEEK_STEP);
        break;
      case 'ArrowUp':
        if (v()) v()!.volume = Math.min(1, v()!.volume + 0.1);
        break;
      case 'ArrowDown':
        if (v()) v()!.volume = Math.max(0, v()!.volume - 0.1);
        break;
      case 'f':
      case 'F':
      case 'ف':
        toggleFullscreen();
        break;
      case 'm':
      case 'M':
      case 'پ':
        toggleMute();
        break;
      case 'c':
      case 'C':
      case 'ز':
        toggleSubtitles();
        break;
      case 'Escape':
        if (menu) setMenu(null);
        else handled = false;
        break;
      default:
        handled = false;
    }
    if (handled) {
      e.preventDefault();
      setControlsShown(true);
    }
  };

  // Phones: a double tap on the left half goes forward, on the right half back (right to left).
  const lastTap = useRef<{ at: number; x: number } | null>(null);
  const onSurfacePointer = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (e.pointerType !== 'touch') {
      togglePlay();
      return;
    }
    const now = Date.now();
    const rect = e.currentTarget.getBoundingClientRect();
    if (lastTap.current && now - lastTap.current.at < 300) {
      seekBy(e.clientX - rect.left < rect.width / 2 ? SEEK_STEP : -SEEK_STEP);
      lastTap.current = null;
      return;
    }
    lastTap.current = { at: now, x: e.clientX };
    setControlsShown((s) => !s);
  };

  const cues = cueFile && cueFile.language === subtitle ? cueFile.cues : null;
  const showing = useMemo(() => (cues ? cuesAt(cues, time, delay) : []), [cues, time, delay]);
  const inIntro = info.intro !== null && time >= info.intro.startSec && time < info.intro.endSec - 1;
  const qualityOf = (height: number) => info.qualities.find((q) => q.height === height);
  const currentHeight = playingLevel !== null ? levels.find((l) => l.index === playingLevel)?.height : undefined;

  return (
    <div
      ref={boxRef}
      className={`p-player${controlsShown || !playing ? ' p-player--controls' : ''}${fullscreen ? ' p-player--fullscreen' : ''}`}
      dir="rtl"
      tabIndex={0}
      role="region"
      aria-label={`${messages.player}: ${title}`}
      data-testid="player"
      data-playing={playing}
      data-level={currentHeight ?? ''}
      data-audio={audioId}
      data-subtitle={subtitle ?? ''}
      onKeyDown={onKeyDown}
      onPointerMove={() => setControlsShown(true)}
    >
      <video
        ref={videoRef}
        className="p-player__video"
        playsInline
        poster={info.posterUrl}
        preload="auto"
        data-testid="player-video"
        onPlay={() => {
          setPlaying(true);
          setStarted(true);
        }}
        onPause={() => {
          setPlaying(false);
          save();
        }}
        onTimeUpdate={(e) => {
          setTime(e.currentTarget.currentTime);
          if (playing && Date.now() - lastSaved.current > SAVE_EVERY_MS) save();
        }}
        onDurationChange={(e) => Number.isFinite(e.currentTarget.duration) && setDuration(e.currentTarget.duration)}
        onVolumeChange={(e) => {
          setMuted(e.currentTarget.muted);
          setVolume(e.currentTarget.volume);
        }}
        onEnded={() => {
          save();
          if (info.next && onNext) setCountdown(NEXT_COUNTDOWN);
        }}
        onError={() => setFailed(true)}
      />
      <div className="p-player__surface" onPointerUp={onSurfacePointer} aria-hidden="true" />

      {!started && !starting && !failed && (
        <button type="button" className="p-player__start" onClick={togglePlay} aria-label={messages.play} data-testid="play-start">
          <PlayArrowIcon aria-hidden="true" />
        </button>
      )}

      {showing.length > 0 && (
        <div className={`p-player__subs p-player__subs--${prefs.size}`} aria-live="off" data-testid="player-subtitles">
          {showing.map((c) => (
            <div key={c.start} className="p-player__cue" dir={c.rtl ? 'rtl' : 'ltr'} lang={c.rtl ? 'fa' : undefined}>
              {c.lines.map((l, i) => (
                <span key={i} className="p-player__cue-line">
                  {l}
                </span>
              ))}
            </div>
          ))}
        </div>
      )}

      {flash && (
        <div className="p-player__flash" aria-hidden="true">
          {flash}
        </div>
      )}

      {inIntro && (
        <button type="button" className="p-player__skip" data-testid="skip-intro" onClick={() => v() && (v()!.currentTime = info.intro!.endSec)}>
          {messages.skipIntro}
        </button>
      )}

      {failed && (
        <div className="p-player__overlay" role="alert">
          <p>{messages.error}</p>
          <button type="button" className="p-btn p-btn--contained" onClick={() => window.location.reload()}>
            {messages.retry}
          </button>
        </div>
      )}

      {countdown !== null && info.next && (
        <div className="p-player__next" role="dialog" aria-label={messages.next} data-testid="next-episode">
          <p>{messages.nextIn(countdown)}</p>
          <p className="p-player__next-name">{messages.episode(info.next.seasonNumber, info.next.episodeNumber)}</p>
          <div className="p-player__next-actions">
            <button type="button" className="p-btn p-btn--contained" onClick={() => onNext?.(info.next!.id)} autoFocus>
              {messages.playNow}
            </button>
            <button type="button" className="p-btn p-btn--outlined" onClick={() => setCountdown(null)}>
              {messages.cancel}
            </button>
          </div>
        </div>
      )}

      <div className="p-player__bar" data-testid="player-controls">
        <input
          type="range"
          className="p-player__seek"
          dir="rtl"
          min={0}
          max={Math.max(1, Math.floor(duration))}
          step={1}
          value={Math.floor(time)}
          aria-label={messages.seek}
          aria-valuetext={`${clock(time)} از ${clock(duration)}`}
          onChange={(e) => {
            const video = v();
            if (video) video.currentTime = Number(e.currentTarget.value);
            setTime(Number(e.currentTarget.value));
          }}
          style={{ ['--p-progress' as string]: `${duration > 0 ? (time / duration) * 100 : 0}%` }}
        />
        <div className="p-player__row">
          <button type="button" className="p-player__btn" onClick={togglePlay} aria-label={playing ? messages.pause : messages.play} data-testid="play-toggle">
            {playing ? <PauseIcon aria-hidden="true" /> : <PlayArrowIcon aria-hidden="true" />}
          </button>
          <button type="button" className="p-player__btn" onClick={() => seekBy(-SEEK_STEP)} aria-label={messages.back10}>
            <Replay10Icon aria-hidden="true" />
          </button>
          <button type="button" className="p-player__btn" onClick={() => seekBy(SEEK_STEP)} aria-label={messages.forward10}>
            <Forward10Icon aria-hidden="true" />
          </button>
          <button type="button" className="p-player__btn" onClick={toggleMute} aria-label={muted ? messages.unmute : messages.mute} aria-pressed={muted}>
            {muted || volume === 0 ? <VolumeOffIcon aria-hidden="true" /> : <VolumeUpIcon aria-hidden="true" />}
          </button>
          <input
            type="range"
            className="p-player__volume"
            dir="rtl"
            min={0}
            max={1}
            step={0.05}
            value={muted ? 0 : volume}
            aria-label={messages.volume}
            onChange={(e) => {
              const video = v();
              if (!video) return;
              video.volume = Number(e.currentTarget.value);
              video.muted = video.volume === 0;
            }}
          />
          <span className="p-player__time" data-testid="player-time">
            {clock(time)} / {clock(duration)}
          </span>
          <span className="p-player__grow" />
          {info.subtitles.length > 0 && (
            <button type="button" className="p-player__btn" onClick={toggleSubtitles} aria-pressed={Boolean(subtitle)} aria-label={messages.subtitles} data-testid="subtitles-toggle">
              {subtitle ? <ClosedCaptionIcon aria-hidden="true" /> : <ClosedCaptionDisabledIcon aria-hidden="true" />}
            </button>
          )}
          <button
            type="button"
            className="p-player__btn"
            onClick={() => setMenu(menu ? null : 'settings')}
            aria-expanded={menu === 'settings'}
            aria-controls="p-player-settings"
            aria-label={messages.settings}
            data-testid="settings-toggle"
          >
            <SettingsIcon aria-hidden="true" />
          </button>
          <button type="button" className="p-player__btn" onClick={toggleFullscreen} aria-label={fullscreen ? messages.exitFullscreen : messages.fullscreen}>
            {fullscreen ? <FullscreenExitIcon aria-hidden="true" /> : <FullscreenIcon aria-hidden="true" />}
          </button>
        </div>
      </div>

      {menu === 'settings' && (
        <div id="p-player-settings" className="p-player__menu" role="group" aria-label={messages.settings} data-testid="player-settings">
          <fieldset className="p-player__group">
            <legend>{messages.quality}</legend>
            <label className="p-player__choice">
              <input
                type="radio"
                name="quality"
                checked={level === -1}
                onChange={() => {
                  setLevel(-1);
                  updatePrefs({ quality: null });
                }}
              />
              <span>{level === -1 && currentHeight ? messages.autoNow(qualityLabel(`${currentHeight}p`)) : messages.auto}</span>
            </label>
            {[...levels]
              .sort((a, b) => b.height - a.height)
              .map((l) => {
                const q = qualityOf(l.height);
                const blocked = dataSaver && l.height > SAVER_MAX_HEIGHT;
                return (
                  <label key={l.index} className="p-player__choice" data-testid={`quality-${l.height}`}>
                    <input
                      type="radio"
                      name="quality"
                      checked={level === l.index}
                      disabled={blocked}
                      onChange={() => {
                        setLevel(l.index);
                        updatePrefs({ quality: l.height });
                      }}
                    />
                    <span>{qualityLabel(`${l.height}p`)}</span>
                    {q && <small>{messages.perHour(dataAmount(q.bytesPerHour))}</small>}
                  </label>
                );
              })}
            <label className="p-player__choice p-player__choice--switch">
              <input type="checkbox" checked={dataSaver} onChange={(e) => updatePrefs({ dataSaver: e.currentTarget.checked })} data-testid="data-saver" />
              <span>{messages.dataSaver}</span>
              <small>{messages.dataSaverHint}</small>
            </label>
          </fieldset>

          {info.audio.length > 1 && (
            <fieldset className="p-player__group">
              <legend>{messages.audio}</legend>
              {info.audio.map((a) => (
                <label key={a.id} className="p-player__choice" data-testid={`audio-${a.id}`}>
                  <input
                    type="radio"
                    name="audio"
                    checked={audioId === a.id}
                    onChange={() => {
                      setAudioId(a.id);
                      saveAudio(info.titleId, a.id, isMember);
                    }}
                  />
                  <span>{a.label}</span>
                </label>
              ))}
            </fieldset>
          )}

          {info.subtitles.length > 0 && (
            <fieldset className="p-player__group">
              <legend>{messages.subtitles}</legend>
              <label className="p-player__choice">
                <input type="radio" name="subtitle" checked={!subtitle} onChange={() => chooseSubtitle(null)} />
                <span>{messages.subtitlesOff}</span>
              </label>
              {info.subtitles.map((s) => (
                <label key={s.language} className="p-player__choice" data-testid={`subtitle-${s.language}`}>
                  <input type="radio" name="subtitle" checked={subtitle === s.language} onChange={() => chooseSubtitle(s.language)} />
                  <span>{s.label}</span>
                </label>
              ))}
              <div className="p-player__inline" role="group" aria-label={messages.subtitleSize}>
                <span>{messages.subtitleSize}</span>
                {(['s', 'm', 'l'] as const).map((size) => (
                  <button key={size} type="button" className="p-player__pill" aria-pressed={prefs.size === size} onClick={() => updatePrefs({ size })}>
                    {messages.sizes[size]}
                  </button>
                ))}
              </div>
              <div className="p-player__inline" role="group" aria-label={messages.subtitleDelay}>
                <span>{messages.subtitleDelay}</span>
                <button type="button" className="p-player__pill" onClick={() => setDelay((d) => Math.round((d - 0.5) * 10) / 10)} aria-label={messages.earlier}>
                  −
                </button>
                <output data-testid="subtitle-delay">{messages.delay(delay)}</output>
                <button type="button" className="p-player__pill" onClick={() => setDelay((d) => Math.round((d + 0.5) * 10) / 10)} aria-label={messages.later}>
                  +
                </button>
              </div>
            </fieldset>
          )}
          <p className="p-player__hint">{messages.shortcuts}</p>
          <button type="button" className="p-btn p-btn--outlined p-btn--small" onClick={() => setMenu(null)}>
            {messages.close}
          </button>
        </div>
      )}
      {audio && <span className="p-player__sr" aria-live="polite">{audio.label}</span>}
    </div>
  );
}

/** A phone: a coarse pointer on a small screen (tablets and desktops keep the page around the player). */
function isPhone(): boolean {
  return window.matchMedia('(pointer: coarse)').matches && Math.min(window.screen.width, window.screen.height) < 600;
}

type LockableOrientation = ScreenOrientation & { lock?: (o: 'landscape') => Promise<void>; unlock?: () => void };

/** Full screen, then landscape where the browser lets a page turn the screen; refusals are silent. */
function goFullscreen(box: HTMLElement | null): void {
  if (!box?.requestFullscreen) return;
  box.requestFullscreen().then(
    () => (screen.orientation as LockableOrientation | undefined)?.lock?.('landscape').catch(() => {}),
    () => {},
  );
}

function unlockOrientation(): void {
  try {
    (screen.orientation as LockableOrientation | undefined)?.unlock?.();
  } catch {
    /* not locked, or not lockable here */
  }
}
