// The umbrella module: `import ChatFormLayout` brings every public layer, as swift-collections'
// `Collections` does for its data structures. Each layer stays a product of its own for code
// that wants less (a server that only measures text needs `ChatFormText`).
@_exported import ChatFormGeometry
@_exported import ChatFormRows
@_exported import ChatFormText
@_exported import ChatFormFont
@_exported import ChatFormMotion
@_exported import ChatFormScroll
@_exported import ChatFormBehaviors
@_exported import ChatFormReplay
@_exported import ChatFormTerminal
@_exported import ChatFormDemo
@_exported import ChatFormPictures
