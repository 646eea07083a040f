// electron-builder's beforePack hook (electron-builder.yml): the update feed written into the
// app (app-update.yml) must be an https address. The installed app downloads and runs what the
// feed names; over plain http anyone on the network path could hand it another installer (the
// sha512 it checks comes from the same feed). The address is the one electron-builder itself
// resolves, after ${env.VIDLIFT_UPDATE_URL} and any -c.publish.url=..., so every way of
// building is checked, and `npm run dist` stops before packing with one sentence.
'use strict';

/** The sentence that stops the build, or null when the feed is fine (a provider without a url, such as github, is https). */
function updateFeedProblem(publishConfig) {
  if (publishConfig == null || publishConfig.url == null) return null;
  var url = String(publishConfig.url);
  var parsed = null;
  try {
    parsed = new URL(url);
  } catch (error) {
    parsed = null;
  }
  if (parsed !== null && parsed.protocol === 'https:' && parsed.hostname !== '') return null;
  return 'The update address "' + url + '" is not an https:// address: set VIDLIFT_UPDATE_URL (or publish.url) to an https:// address and build again.';
}

async function beforePack(context) {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- CommonJS on purpose: electron-builder loads its hooks so, and resolves the feed in this module
  var publishManager = require('app-builder-lib/out/publish/PublishManager');
  var config = await publishManager.getAppUpdatePublishConfiguration(context.packager, null, context.arch, false);
  var problem = updateFeedProblem(config);
  if (problem !== null) throw new Error(problem);
}

module.exports = { beforePack: beforePack, updateFeedProblem: updateFeedProblem };
