// What the Activity page uses of the SDK: the real one inside Discord, its mock outside.
export { DiscordSDK, DiscordSDKMock } from "@discord/embedded-app-sdk";
