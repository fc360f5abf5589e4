/// What the platform keeps for every app: node leases, accounts, OAuth clients and grants, sign-in failures,
/// request counters, pictures.
/// Each engine implements every part; each app adds its own store protocols beside these (see
/// `WeiboStore`) and never changes them.
package typealias PlatformStore = NodeStore & UserStore & CredentialStore & SignInStore & RateStore & PictureStore
