// The one name the board's Activity page needs from Discord's Embedded App SDK (bundled by tools/vendor_sdk.sh).
export { DiscordSDK } from "@discord/embedded-app-sdk";
