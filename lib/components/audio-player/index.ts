export { AudioPlayer, type AudioPlayerProps, formatPlayTime } from './audio-player.tsx'
export { type AudioPlayerLabels, defaultAudioPlayerLabels } from './labels.ts'
