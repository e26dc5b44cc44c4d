#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A thread-specific key holding one retained object per thread, released when the thread
/// exits: the break iterators and the HarfBuzz buffer each thread opens once and reuses.
///
/// Store with `pthread_setspecific(key, Unmanaged.passRetained(object).toOpaque())` and read
/// with `Unmanaged<T>.fromOpaque(_:).takeUnretainedValue()`; the key's destructor gives up
/// that one retain whatever the object's class.
package enum ThreadObjectKey {
    /// A new key whose destructor releases the object a thread left in it.
    package static func make() -> pthread_key_t {
        var key = pthread_key_t()
        let rc = pthread_key_create(&key) { pointer in
            // Thread exit: release that thread's object.
            #if canImport(Darwin)
            Unmanaged<AnyObject>.fromOpaque(pointer).release()
            #else
            if let pointer { Unmanaged<AnyObject>.fromOpaque(pointer).release() }
            #endif
        }
        precondition(rc == 0, "pthread_key_create failed: \(rc)")
        return key
    }
}
