import { share } from './share.js';

// Sends the selected photos.
export function sendSelected(photos) {
  const chosen = photos.filter((photo) => photo.selected === true);
  if (chosen.length === 0) {
    console.log('nothing to send');
    return;
  }
  return share(chosen.map((photo) => photo.url));
}
